import { useEffect, useState } from 'react';
import { Layer, Rect, Stage } from 'react-konva';

/** Pixels per inch at zoom 1. */
const PPI = 20;

/** The empty 36" x 24" table the app opens on until a scenario is loaded. */
export function App() {
  const [size, setSize] = useState({ w: window.innerWidth, h: window.innerHeight });
  useEffect(() => {
    const onResize = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <div data-testid="table-view" style={{ height: '100%' }}>
      <Stage width={size.w} height={size.h}>
        <Layer listening={false}>
          <Rect x={40} y={40} width={36 * PPI} height={24 * PPI} fill="#4f6b3a" name="table" />
        </Layer>
      </Stage>
    </div>
  );
}
