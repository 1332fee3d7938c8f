export { renderReport, writeReport, REPORT_HTML, REPORT_PNG } from './report.ts';
export type { LabInfo } from './page.ts';
export { chromiumPath, launchBrowser, openReport, screenshot, VIEWPORT, type OpenReport } from './browser.ts';
export { duplicateLabel } from './rebalance.ts';
