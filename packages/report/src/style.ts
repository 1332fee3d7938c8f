// The report's look: one width for every picture, the colours, and the page's style sheet (system fonts only).

/** The width of every picture's viewBox; pictures scale down to the page. */
export const WIDTH = 1200;

/** One colour per worker or producer process, in order. */
export const COLOURS = ['#2b6cb0', '#dd6b20', '#6b46c1', '#319795', '#b7791f', '#97266d'];
export const RED = '#c53030';
export const GREEN = '#2f855a';
export const INK = '#1a202c';
export const MUTED = '#718096';

export const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: ${INK}; background: #fff; }
main { max-width: ${WIDTH + 16}px; margin: 0 auto; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 6px; border-bottom: 1px solid #e2e8f0; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 4px; }
p, li { overflow-wrap: anywhere; }
.meta { color: ${MUTED}; margin: 0 0 16px; }
.verdict { display: inline-block; padding: 2px 12px; border-radius: 4px; font-weight: 700; color: #fff; letter-spacing: .04em; }
.verdict-pass { background: ${GREEN}; } .verdict-fail { background: ${RED}; } .verdict-unknown { background: ${MUTED}; }
ul.checks { list-style: none; padding: 0; margin: 8px 0; }
ul.checks li { padding: 4px 8px; border-left: 4px solid; margin: 4px 0; background: #f7fafc; }
li.check-ok { border-color: ${GREEN}; } li.check-failed { border-color: ${RED}; background: #fff5f5; }
.mark-ok { color: ${GREEN}; font-weight: 700; } .mark-failed { color: ${RED}; font-weight: 700; }
.check-id { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; background: #edf2f7; padding: 6px 8px; margin: 4px 0 0; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #e2e8f0; vertical-align: top; overflow-wrap: anywhere; }
th { color: ${MUTED}; font-weight: 600; }
tr.repeated td { background: #fff5f5; color: ${RED}; font-weight: 600; }
figure { margin: 8px 0 16px; }
figure svg { display: block; width: 100%; height: auto; max-width: ${WIDTH}px; }
figcaption { color: ${MUTED}; font-size: 13px; margin-top: 4px; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 12px; color: ${MUTED}; margin: 4px 0 0; padding: 0; list-style: none; }
.legend li { display: flex; align-items: center; gap: 6px; }
.legend svg { width: 26px; height: 14px; flex: none; }
.note { color: ${MUTED}; font-style: italic; }
footer { margin-top: 40px; color: ${MUTED}; font-size: 12px; }
`;
