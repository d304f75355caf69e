import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');
const root = createRoot(container);
// The shell is rendered in this script's own task, not in a task React schedules after it: in
// between, Chromium painted a frame of the empty page, and the shell waited for the next one. With
// the entry script render-blocking as well (electron.vite.config.ts), the window's first frame is
// the shell (test/bench/renderer/start-page.test.ts). Start bench, issue 14.
flushSync(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
