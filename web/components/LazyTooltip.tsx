import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

type TooltipComponent = typeof import('@mui/material/Tooltip').default;

// MUI Tooltip's defaults, which its own listeners would apply (a long press: the touch delay, then the enter delay).
const ENTER_DELAY_MS = 100;
const ENTER_TOUCH_DELAY_MS = 700;
const LEAVE_TOUCH_DELAY_MS = 1500;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('@mui/material/Tooltip').then((m) => {
    loaded = m.default;
    return loaded;
  });
  return loading;
}

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  onMouseOver?(): void;
  onMouseLeave?(): void;
  onFocus?(event: FocusEvent<HTMLElement>): void;
  onBlur?(): void;
  onTouchStart?(): void;
  onTouchEnd?(): void;
}

interface Props {
  title: string;
  children: ReactElement<TriggerProps>;
}

/**
 * A non-interactive MUI Tooltip whose code (Tooltip, Popper: ~11 kB gzip of the dashboard's first load,
 * issue 23) is downloaded at the first hover, keyboard focus or long press of its trigger. The trigger
 * is never re-rendered as another element (a click during the download would be lost), so the hover,
 * focus and touch timing is here, with MUI's defaults, and the loaded Tooltip only shows the hint at the
 * trigger (controlled, anchored to it; Escape closes it as before).
 */
export function LazyTooltip({ title, children }: Props) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const node = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const touched = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (ms: number) => {
    if (!Tooltip) void loadTooltip().then((component) => setTooltip(() => component));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), ms);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  const trigger = cloneElement(children, {
    ref: node,
    'aria-label': children.props['aria-label'] ?? title,
    onMouseOver: () => {
      // A tap's compatibility mouse events do not open it; only a long press does (as MUI's).
      if (!touched.current) show(ENTER_DELAY_MS);
    },
    onMouseLeave: hide,
    onFocus: (event) => {
      if (event.target.matches(':focus-visible')) show(ENTER_DELAY_MS);
    },
    onBlur: hide,
    onTouchStart: () => {
      touched.current = true;
      show(ENTER_TOUCH_DELAY_MS + ENTER_DELAY_MS);
    },
    onTouchEnd: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setOpen(false);
        touched.current = false;
      }, LEAVE_TOUCH_DELAY_MS);
    },
  });
  return (
    <>
      {trigger}
      {Tooltip ? (
        <Tooltip
          title={title}
          open={open}
          onClose={hide}
          disableInteractive
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ popper: { anchorEl: node.current } }}
        >
          {/* Only the anchor it needs; Tooltip would name it with the title, the trigger has that name. */}
          <span hidden aria-label={undefined} />
        </Tooltip>
      ) : null}
    </>
  );
}
