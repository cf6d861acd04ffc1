import type { SetupToolId } from './setupTools';

/** 20×20 line icons of the set-up tools, in the tool strip's style. */
export const SETUP_TOOL_ICONS: Record<SetupToolId, React.ReactNode> = {
  deployZone: (
    <>
      <rect x="3" y="11" width="14" height="6" strokeDasharray="2 2" />
      <path d="M3 3h14" strokeWidth="2.5" />
    </>
  ),
  entryEdge: <path d="M3 3v14M7 10h10M13 6l4 4-4 4" />,
  objectiveZone: (
    <>
      <rect x="3" y="4" width="14" height="12" strokeDasharray="2 2" />
      <path d="M10 7l1 2.2 2.4.3-1.8 1.6.5 2.4-2.1-1.2-2.1 1.2.5-2.4-1.8-1.6 2.4-.3z" />
    </>
  ),
  objectivePoint: <path d="M10 2l2.3 5 5.4.6-4 3.7 1.1 5.3L10 14l-4.8 2.6 1.1-5.3-4-3.7 5.4-.6z" />,
  units: (
    <>
      <rect x="3" y="6" width="11" height="8" rx="1" />
      <path d="M14 10h4M7 10h4" />
    </>
  ),
};
