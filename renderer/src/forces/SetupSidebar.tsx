import type { Editor } from '../editor/Editor';
import { CatalogBrowser } from '../catalog/CatalogBrowser';
import { ObjectivesPanel } from '../objectives/ObjectivesPanel';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { ForcesPanel } from './ForcesPanel';
import { RulesPanel, rulesOverrideCount } from './RulesPanel';
import { useSetup } from './useSetup';
import type { SetupTab } from './setupModel';
import './setup.css';

const TABS: { id: SetupTab; label: string }[] = [
  { id: 'forces', label: 'Forces' },
  { id: 'objectives', label: 'Objectives' },
  { id: 'rules', label: 'Rules' },
  { id: 'catalog', label: 'Catalog' },
  { id: 'problems', label: 'Problems' },
];

/** The scenario set-up editors: forces, objectives and deployment, rules, catalog, problems. */
export function SetupSidebar({ editor }: { editor: Editor }) {
  const m = useSetup(editor);
  // Hints (a side not built yet) are next steps, not problems: the badge counts faults only.
  const problems = m.problems().filter((p) => !p.guide);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const tab = m.session.tab;
  const ruleChoices = rulesOverrideCount(m);
  return (
    <aside className="setup-sidebar" aria-label="Scenario set-up">
      <div className="setup-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            className={tab === t.id ? 'active' : ''}
            onClick={() => m.update({ tab: t.id })}
          >
            {t.label}
            {t.id === 'rules' && ruleChoices > 0 && (
              // A dot, not a number: five tabs must fit the column; the panel gives the count.
              <span
                className="dot"
                data-testid="rules-count"
                data-count={ruleChoices}
                title={`${ruleChoices} rule choices differ from the plain game`}
                aria-label={`${ruleChoices} rule choices changed`}
              />
            )}
            {t.id === 'problems' && problems.length > 0 && (
              <span className={`count${errors ? ' error' : ''}`} data-testid="problem-count">
                {problems.length}
              </span>
            )}
          </button>
        ))}
      </div>
      {tab === 'forces' && <ForcesPanel editor={editor} />}
      {tab === 'objectives' && <ObjectivesPanel editor={editor} />}
      {tab === 'rules' && <RulesPanel editor={editor} />}
      {tab === 'catalog' && <CatalogBrowser editor={editor} />}
      {tab === 'problems' && <ProblemsPanel editor={editor} />}
    </aside>
  );
}
