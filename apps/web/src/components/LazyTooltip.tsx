import type TooltipComponent from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  type HTMLAttributes,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

type Tooltip = typeof TooltipComponent;
type Child = ReactElement<HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }>;

let loaded: Tooltip | null = null;
let loading: Promise<Tooltip> | null = null;

function loadTooltip(): Promise<Tooltip> {
  loading ??= import('@mui/material/Tooltip').then(
    (module) => {
      loaded = module.default;
      return module.default;
    },
    (error: unknown) => {
      // Not reachable now: the next hover tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * MUI's Tooltip, loaded when it is first wanted (the pointer enters the child, or the keyboard focuses it) instead of
 * with the page: Tooltip brings Popper and popper.js, which the guest pages need for nothing else (issue 11, console
 * speed). Once loaded it is MUI's Tooltip with its own timing; the first one opens as soon as it arrives if the
 * pointer or the focus is still there. The child is swapped for the wrapped one only while no pointer is pressed on
 * it (a click is never lost), and keeps the focus. `eager` loads it at once (where the page has it anyway).
 */
export function LazyTooltip({ title, eager = false, children }: { title: string; eager?: boolean; children: Child }) {
  const [Loaded, setLoaded] = useState<Tooltip | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const element = useRef<HTMLElement>(null);
  const wanted = useRef({ hovered: false, focused: false, pressed: false, waiting: null as Tooltip | null });
  const refocus = useRef(false);

  const swap = (tooltip: Tooltip) => {
    const state = wanted.current;
    if (state.pressed) {
      state.waiting = tooltip;
      return;
    }
    refocus.current = element.current !== null && element.current === document.activeElement;
    setOpen(state.hovered || state.focused);
    setLoaded(() => tooltip);
  };
  const request = () => void loadTooltip().then(swap, () => undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, at mount, when asked to.
  useEffect(() => {
    if (eager && !Loaded) request();
  }, []);

  useEffect(() => {
    if (Loaded && refocus.current) {
      refocus.current = false;
      element.current?.focus();
    }
  }, [Loaded]);

  if (Loaded) {
    return (
      <Loaded title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {cloneElement(children, { ref: element })}
      </Loaded>
    );
  }

  const own = children.props;
  const release = () => {
    const state = wanted.current;
    state.pressed = false;
    const tooltip = state.waiting;
    state.waiting = null;
    // After the click has reached the child.
    if (tooltip) setTimeout(() => swap(tooltip));
  };
  return cloneElement(children, {
    ref: element,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      // A touch shows MUI's tooltip only on a long press; a tap must just click.
      if (event.pointerType === 'touch') return;
      wanted.current.hovered = true;
      request();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      wanted.current.hovered = false;
      release();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      wanted.current.pressed = true;
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      own.onPointerUp?.(event);
      release();
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      own.onPointerCancel?.(event);
      release();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // As MUI's Tooltip: a focus shows it only when the focus ring does (keyboard), not after a click.
      if (!event.currentTarget.matches(':focus-visible')) return;
      wanted.current.focused = true;
      request();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      wanted.current.focused = false;
    },
  });
}
