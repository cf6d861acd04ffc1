/**
 * Test helper run as a child process: saves `text` to `target` and kills itself with SIGKILL just
 * before `step`, as a crash or power cut would. Usage: saveUntilKilled.ts <target> <text> <step>
 */
import { saveDocument, type SaveStep } from '../fileService';

const [target, text, killAt] = process.argv.slice(2) as [string, string, SaveStep];

await saveDocument(target, text, {
  hook: (step) => {
    if (step === killAt) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write('saved\n');
