/**
 * What a board says over itself: the unit under the pointer (name and markers), and while a move
 * is dragged, what the move would do (or why it cannot).
 */
export function BoardNotes({
  hovered,
  notes,
}: {
  hovered: { readonly label: string; readonly status: readonly string[] } | undefined;
  notes: readonly string[];
}) {
  return (
    <>
      {hovered && (
        <div className="playtest-hover" data-testid="hover-label">
          {hovered.label}
          {hovered.status.length ? ` — ${hovered.status.join(', ')}` : ''}
        </div>
      )}
      {notes.length > 0 && (
        <div className="playtest-ghost-note" data-testid="move-preview">
          {notes.join('; ')}
        </div>
      )}
    </>
  );
}
