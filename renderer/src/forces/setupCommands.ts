import { removeItems } from '../../../engine/forces';
import type { CommandContext, CommandOf } from '../commands/commandTypes';
import { setupOf } from './setupModel';
import { autoDeploy } from './placeForces';

/** Ids of the set-up editors' commands, part of the command registry's closed union. */
export type SetupCommandId =
  | 'setup.delete'
  | 'setup.autoDeploy'
  | 'setup.forces'
  | 'setup.objectives'
  | 'setup.rules'
  | 'setup.problems';

const setupSelected = (c: CommandContext) =>
  !!c.editor &&
  c.editor.session.selection.length === 0 &&
  !!setupOf(c.editor).session.selected &&
  setupOf(c.editor).session.selected!.kind !== 'side' &&
  setupOf(c.editor).session.selected!.kind !== 'feature';

/** Deletes the selected unit, formation, objective, deployment zone or entry edge. */
function deleteSelected(c: CommandContext): void {
  const m = setupOf(c.editor!);
  const sel = m.session.selected;
  if (!sel) return;
  const doc = m.scenario();
  switch (sel.kind) {
    case 'unit':
    case 'formation':
      m.editForces((f) => removeItems(f, [sel.id]));
      break;
    case 'objective':
      m.setObjectives(doc.objectives.filter((o) => o.id !== sel.id));
      break;
    case 'zone':
      m.setDeployment({
        ...doc.deployment,
        zones: (doc.deployment.zones ?? []).filter((z) => z.id !== sel.id),
      });
      break;
    case 'edge':
      m.setDeployment({
        ...doc.deployment,
        entryEdges: (doc.deployment.entryEdges ?? []).filter((e) => e.id !== sel.id),
      });
      break;
    case 'side':
    case 'feature':
      return;
  }
  m.update({ selected: null });
}

const tab = (
  id: 'forces' | 'objectives' | 'rules' | 'problems',
  label: string,
  shortcuts?: string[],
): CommandOf<SetupCommandId> =>
  ({
    id: `setup.${id}`,
    label,
    group: 'View',
    ...(shortcuts ? { shortcuts } : {}),
    enabled: (c) => !!c.editor,
    checked: (c) => !!c.editor && setupOf(c.editor).session.tab === id,
    run: (c) => setupOf(c.editor!).update({ tab: id }),
  }) satisfies CommandOf<SetupCommandId>;

/** The set-up editors' entries in the command registry (menus, shortcuts, palette). */
export const SETUP_COMMANDS: readonly CommandOf<SetupCommandId>[] = [
  {
    id: 'setup.delete',
    label: 'Delete set-up item',
    group: 'Edit',
    shortcuts: ['Delete', 'Backspace'],
    enabled: setupSelected,
    run: deleteSelected,
  },
  {
    id: 'setup.autoDeploy',
    label: 'Auto-deploy side',
    group: 'Edit',
    shortcuts: ['Shift+A'],
    enabled: (c) => !!c.editor && !!setupOf(c.editor).activeSide(),
    run: (c) => {
      const m = setupOf(c.editor!);
      const side = m.activeSide();
      if (side) autoDeploy(c.editor!, side);
    },
  },
  tab('forces', 'Show forces'),
  tab('objectives', 'Show objectives'),
  tab('rules', 'Show rules', ['Shift+R']),
  tab('problems', 'Show problems'),
];
