/*
 * Dialogwerk embed snippet: <script src="https://HOST/widget.js" data-survey-id="ID" async></script>
 * puts a chat bubble on the page; the bubble opens the dialog's chat (/widget/ID on HOST) in an iframe.
 * Optional attributes:
 *   data-language="en"  the bubble's labels in English ('Open chat' / 'Close chat'), also 'en-GB' etc.;
 *                       German by default ('Chat öffnen' / 'Chat schließen').
 *   data-label="…"      the bubble's accessible name while the chat is closed, instead of 'Chat öffnen'.
 *   data-color="#RRGGBB" the bubble's colour (default #5ABAB2); its icon is dark or white, whichever
 *                       contrasts more.
 *   data-params="pid=123&src=panel"  values for the dialog's hidden fields ('Versteckte Felder'), as in
 *                       a link's query; the chat starts with them (undeclared names are ignored).
 * Keyboard: opening moves the focus into the chat; Escape (in the chat or on the bubble) closes it and
 * gives the focus back to the bubble.
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
  const LABELS = {
    de: { open: 'Chat öffnen', close: 'Chat schließen' },
    en: { open: 'Open chat', close: 'Close chat' },
  };
  const texts = LABELS[/^en(-|$)/i.test(script.dataset.language ?? '') ? 'en' : 'de'];
  const openLabel = script.dataset.label || texts.open;
  const closeLabel = texts.close;

  // Dark or white icon, whichever has the higher WCAG contrast ratio on the bubble (as the chat's
  // textOn in web/chat-kit/chat-look.ts).
  const luminance = (hex) => {
    const channel = (i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const iconColor = contrast(color, '#1b1f24') > contrast(color, '#ffffff') ? '#1b1f24' : '#ffffff';

  const svg = (path) =>
    `<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="${iconColor}" d="${path}"/></svg>`;
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

  const panelId = `dialogwerk-chat-${Math.random().toString(36).slice(2)}`;
  panel.id = panelId;

  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-controls', panelId);
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
  const isOpen = () => panel.style.display !== 'none';
  const show = (open) => {
    panel.style.display = open ? 'block' : 'none';
    const label = open ? closeLabel : openLabel;
    button.setAttribute('aria-label', label);
    button.title = label;
    button.setAttribute('aria-expanded', String(open));
    button.innerHTML = open ? closeIcon : chatIcon;
  };
  show(false);

  const open = () => {
    if (!frame) {
      // The chat loads on first open only, so a page with the snippet costs its visitors nothing more.
      frame = document.createElement('iframe');
      const params = new URLSearchParams(script.dataset.params ?? '').toString();
      frame.src = `${origin}/widget/${encodeURIComponent(surveyId)}${params ? `?${params}` : ''}`;
      frame.title = 'Dialogwerk Chat';
      frame.allow = 'autoplay';
      Object.assign(frame.style, { width: '100%', height: '100%', border: '0', display: 'block' });
      panel.appendChild(frame);
    }
    show(true);
    // Into the chat, so the keyboard goes on where the conversation is.
    frame.focus();
  };
  const close = () => {
    show(false);
    button.focus();
  };

  button.addEventListener('click', () => (isOpen() ? close() : open()));
  // Escape on the bubble (or anywhere else in the widget on this page) closes the chat.
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      e.preventDefault();
      close();
    }
  });
  // Key presses in the chat stay in its frame: the chat says when Escape was pressed there
  // (web/features/chat/LiveChatScreen.tsx). Only that frame, from the chat's origin, is listened to.
  window.addEventListener('message', (e) => {
    if (!frame?.contentWindow || e.source !== frame.contentWindow || e.origin !== origin) return;
    if (e.data?.type === 'dialogwerk:close' && isOpen()) close();
  });

  root.append(panel, button);
  const mount = () => document.body.appendChild(root);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
