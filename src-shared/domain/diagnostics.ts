import { z } from 'zod';

/**
 * Help → About: what is running and where its data is. Electron and Chromium are null when main runs
 * in plain Node (the browser test host), so the dialog can say so instead of inventing a version.
 */
export const AboutView = z.object({
  version: z.string(),
  electron: z.string().nullable(),
  chromium: z.string().nullable(),
  node: z.string(),
  os: z.string(),
  dataDir: z.string(),
  logDir: z.string(),
});
export type AboutView = z.infer<typeof AboutView>;

/** Help → Export diagnostics: where the zip went (null: the save dialog was cancelled) and what it holds. */
export const DiagnosticsExport = z.object({
  path: z.string().nullable(),
  files: z.array(z.string()),
  bytes: z.number().int().nonnegative(),
});
export type DiagnosticsExport = z.infer<typeof DiagnosticsExport>;

/** What the application menu asks the window to do; main never acts on the page's behalf. */
export const MenuAction = z.object({ action: z.enum(['about', 'export-diagnostics']) });
export type MenuAction = z.infer<typeof MenuAction>;
