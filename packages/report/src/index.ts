export { renderReport, writeReport, REPORT_HTML, REPORT_PNG } from './report.ts';
export type { LabInfo } from './page.ts';
export { chromiumPath, openCamera, screenshot, VIEWPORT, type Camera } from './screenshot.ts';
