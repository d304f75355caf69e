// The baseline for the renderer benchmark: React 19 + react-dom rendering one component, nothing else,
// so the app's initial JS and time to interactive can be read as a ratio over what React alone costs.
import { createRoot } from 'react-dom/client';

export function Hello() {
  return <p data-testid="bare-ready">Hello from a bare React page.</p>;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');
createRoot(container).render(<Hello />);
