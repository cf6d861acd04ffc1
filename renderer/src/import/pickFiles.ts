/** A file the user chose, as bytes (pictures, zipped catalogues and maps are not all text). */
export interface PickedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/**
 * Asks the user for one or more files with the system file chooser; resolves with none when they
 * cancel. A plain file input works the same in the desktop app and the browser, and gives the
 * bytes without any path.
 */
export function pickFiles(
  accept: string,
  multiple: boolean,
  testId: string,
): Promise<PickedFile[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.style.display = 'none';
    input.dataset.testid = testId;
    document.body.appendChild(input);
    const done = (files: PickedFile[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('cancel', () => done([]));
    input.addEventListener('change', () => {
      const list = [...(input.files ?? [])];
      void Promise.all(
        list.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
      ).then(done, () => done([]));
    });
    input.click();
  });
}
