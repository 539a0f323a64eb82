/*
 * Dialogwerk embed snippet: <script src="https://HOST/widget.js" data-survey-id="ID" async></script>
 * puts a chat bubble on the page; the bubble opens the dialog's chat (/widget/ID on HOST) in an iframe.
 * Optional: data-label (the bubble's accessible name), data-color (#RRGGBB of the bubble).
 */
(() => {
  const script = document.currentScript ?? document.querySelector('script[src*="widget.js"][data-survey-id]');
  const surveyId = script?.dataset.surveyId;
  if (!script || !surveyId) return;
  const origin = new URL(script.src, window.location.href).origin;
  // The snippet twice on one page (or one dialog's snippet twice) shows one bubble.
  window.__dialogwerkWidgets ??= new Set();
  const registry = window.__dialogwerkWidgets;
  if (registry.has(surveyId)) return;
  registry.add(surveyId);

  const color = /^#[0-9a-fA-F]{6}$/.test(script.dataset.color ?? '') ? script.dataset.color : '#5ABAB2';
  const label = script.dataset.label || 'Chat öffnen';
  const svg = (path) =>
    `<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="#fff" d="${path}"/></svg>`;
  const chatIcon = svg('M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2z');
  const closeIcon = svg(
    'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  );

  const root = document.createElement('div');
  root.setAttribute('data-dialogwerk-widget', surveyId);
  Object.assign(root.style, { position: 'fixed', right: '16px', bottom: '16px', zIndex: '2147483000' });

  const panel = document.createElement('div');
  Object.assign(panel.style, {
    display: 'none',
    position: 'absolute',
    right: '0',
    bottom: '72px',
    width: '380px',
    height: '600px',
    maxWidth: 'calc(100vw - 32px)',
    maxHeight: 'calc(100vh - 104px)',
    borderRadius: '12px',
    overflow: 'hidden',
    boxShadow: '0 8px 32px rgba(42, 47, 58, 0.3)',
    background: '#fff',
  });

  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.title = label;
  button.innerHTML = chatIcon;
  Object.assign(button.style, {
    width: '56px',
    height: '56px',
    border: 'none',
    borderRadius: '50%',
    background: color,
    boxShadow: '0 4px 12px rgba(42, 47, 58, 0.3)',
    cursor: 'pointer',
    display: 'grid',
    placeItems: 'center',
    padding: '0',
  });

  let frame = null;
  button.addEventListener('click', () => {
    const open = panel.style.display === 'none';
    if (open && !frame) {
      // The chat loads on first open only, so a page with the snippet costs its visitors nothing more.
      frame = document.createElement('iframe');
      frame.src = `${origin}/widget/${encodeURIComponent(surveyId)}`;
      frame.title = 'Dialogwerk Chat';
      frame.allow = 'autoplay';
      Object.assign(frame.style, { width: '100%', height: '100%', border: '0', display: 'block' });
      panel.appendChild(frame);
    }
    panel.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(open));
    button.innerHTML = open ? closeIcon : chatIcon;
  });

  root.append(panel, button);
  const mount = () => document.body.appendChild(root);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
