import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The staff case workspace on a phone: above a tab, the top bar (56), the page's margin (16) and
 * the one-line case header with its gap (48 + 8); below it the tabs' bottom bar (56) and a gap (8).
 */
export const WORKSPACE_PHONE_TOP = 128;
export const WORKSPACE_PHONE_BOTTOM = 64;

/**
 * The height of what the staff layout shows between its top bar and the page: the sticky banners
 * (the connection's, the session's end) and the location warning below them, kept by
 * useBannersHeight. A phone's filled tab leaves room for them, so a banner or the warning that
 * comes pushes neither the case's header off the screen nor the composer under the bottom bar.
 */
const BANNERS_HEIGHT = '--vx-banners';

/**
 * Keeps BANNERS_HEIGHT at the sum of the heights of the elements the answered refs are given (an
 * element that is not there counts nothing).
 */
export function useBannersHeight() {
  const sticky = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const els = [sticky.current, below.current].filter((el): el is HTMLDivElement => !!el);
    if (!els.length) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty(BANNERS_HEIGHT, `${els.reduce((sum, el) => sum + el.offsetHeight, 0)}px`);
    set();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(set) : undefined;
    for (const el of els) observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(BANNERS_HEIGHT);
    };
  }, []);
  return { sticky, below };
}

/**
 * The height of a tab's content that fills the screen (the chat room, the case map). On a phone
 * it fills the screen between `phoneTop` px from the top and `phoneBottom` px from the bottom (the
 * staff workspace's header and bottom bar unless told otherwise), less the banners above; on a
 * desk, what is left below where the box starts, at least `minDesk` px. It measures again on resize and whenever
 * `remeasure` changes (a banner above came or went); nothing while `active` is false (the content
 * is not there yet).
 */
export function useFillHeight({
  phone,
  minDesk,
  phoneTop,
  phoneBottom,
  active = true,
  remeasure,
}: {
  phone: boolean;
  minDesk: number;
  phoneTop?: number;
  /** Below the content on a phone; none when `phoneTop` is given (another page's own layout). */
  phoneBottom?: number;
  active?: boolean;
  remeasure?: unknown;
}) {
  const bottom = phoneBottom ?? (phoneTop === undefined ? WORKSPACE_PHONE_BOTTOM : 0);
  const top = phoneTop ?? WORKSPACE_PHONE_TOP;
  const ref = useRef<HTMLDivElement>(null);
  const [deskTop, setDeskTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    if (phone) {
      // Its bottom just above whatever is fixed below it (the bottom bar), not under it.
      el.style.scrollMarginBottom = `${bottom}px`;
      if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'end' });
      return;
    }
    const measure = () => setDeskTop(el.getBoundingClientRect().top + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [phone, active, remeasure, bottom]);
  const height = phone
    ? `calc(100dvh - ${top + bottom}px - var(${BANNERS_HEIGHT}, 0px))`
    : deskTop === null
      ? 'calc(100dvh - 160px)'
      : `max(${minDesk}px, calc(100dvh - ${Math.round(deskTop)}px - 24px))`;
  return { ref, height };
}
