import type { ToolId } from '../tools/tools';
import { SETUP_TOOL_ICONS } from '../objectives/setupToolIcons';

/** 20×20 line icons for the tool strip, drawn in currentColor. */
const TOOL_ICONS: Record<ToolId, React.ReactNode> = {
  select: <path d="M5 3l10 7-4.5 1 2.5 5-2 1-2.5-5L5 15z" fill="currentColor" />,
  hand: (
    <path d="M7 10V5a1.2 1.2 0 012.4 0v4-6a1.2 1.2 0 012.4 0v6-5a1.2 1.2 0 012.4 0v6-3a1.2 1.2 0 012.4 0v6c0 3-2 5-5 5h-1c-2 0-3-1-4.2-2.6L3.8 12a1.3 1.3 0 012-1.5z" />
  ),
  tape: (
    <>
      <rect x="2" y="7" width="16" height="6" rx="1" />
      <path d="M5 7v3M8 7v2M11 7v3M14 7v2" />
    </>
  ),
  ground: <path d="M2 16l5-8 3 4 3-6 5 10z" />,
  creek: <path d="M2 7c3-3 5 3 8 0s5 3 8 0M2 13c3-3 5 3 8 0s5 3 8 0" />,
  gully: <path d="M2 6h4l2 8h4l2-8h4" />,
  road: <path d="M4 18L8 2M16 18L12 2M10 4v2M10 9v2M10 14v2" />,
  bridge: <path d="M2 8h16M2 12h16M5 8v4M9 8v4M13 8v4M17 8v4" />,
  catwalk: <path d="M2 9h16M2 11h16M6 9v2M10 9v2M14 9v2" />,
  building: <path d="M3 9l7-6 7 6v8H3zM8 17v-5h4v5" />,
  wall: <path d="M2 8h16v5H2zM6 8v5M10 8v5M14 8v5" />,
  fence: <path d="M2 10h16M2 14h16M4 6v12M10 6v12M16 6v12" />,
  hedge: <path d="M2 12c1-3 3-3 4 0 1-3 3-3 4 0 1-3 3-3 4 0 1-3 3-3 4 0v3H2z" />,
  bushes: (
    <>
      <circle cx="6" cy="12" r="3" />
      <circle cx="11" cy="9" r="3" />
      <circle cx="14" cy="13" r="3" />
    </>
  ),
  tree: (
    <>
      <circle cx="10" cy="8" r="6" />
      <path d="M10 14v4" />
    </>
  ),
  woods: (
    <>
      <circle cx="6" cy="7" r="3" />
      <circle cx="14" cy="7" r="3" />
      <circle cx="10" cy="14" r="3" />
    </>
  ),
  forest: <path d="M6 2l4 7H8l3 5H1l3-5H2zM14 5l4 7h-2l3 5h-8l2-5h-1z" />,
  obstacle: <path d="M4 4l12 12M16 4L4 16M10 2v16" />,
  bunker: <path d="M2 16V11a8 6 0 0116 0v5zM6 11h8" />,
  wreck: <path d="M3 8h14v6H3zM3 8l3-3h8l3 3M5 14l10-6M5 8l10 6" />,
  hexBrush: <path d="M14 2l4 4-8 8-4-4zM6 10l-3 7 7-3" />,
  hexFill: <path d="M10 2l7 4v8l-7 4-7-4V6zM10 6l4 2v4l-4 2-4-2V8z" />,
  hexRidge: <path d="M2 15c3-8 5-10 8-10s5 2 8 10M6 10l-2-2M10 6V3M14 10l2-2" />,
  hexContour: <path d="M2 14c4-6 8 2 12-4 2-3 4-2 4-2M2 9c3-4 6 0 9-3" />,
  ...SETUP_TOOL_ICONS,
  underlayMove: (
    <>
      <rect x="3" y="5" width="14" height="10" rx="1" strokeDasharray="2 1.5" />
      <path d="M10 7v6M7 10h6" />
    </>
  ),
  underlayScale: (
    <>
      <rect x="3" y="5" width="14" height="10" rx="1" strokeDasharray="2 1.5" />
      <path d="M6 12l8-4M6 12v-2M14 8v2" />
    </>
  ),
};

export function ToolIcon({ tool }: { tool: ToolId }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinejoin="round"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {TOOL_ICONS[tool]}
    </svg>
  );
}

export function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <rect x="4" y="9" width="12" height="9" rx="1.5" />
      <path d={locked ? 'M7 9V6a3 3 0 016 0v3' : 'M7 9V6a3 3 0 016 0'} />
    </svg>
  );
}

export function EyeIcon({ hidden }: { hidden: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M1 10s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6z" />
      <circle cx="10" cy="10" r="2.5" />
      {hidden && <path d="M3 17L17 3" />}
    </svg>
  );
}
