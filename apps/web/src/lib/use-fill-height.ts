import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The height of a tab's content that fills the screen (the chat room, the case map). On a phone
 * it fills the screen under the tabs (`phoneTop` px from the top: the case header scrolls away);
 * on a desk, what is left below where the box starts, at least `minDesk` px. It measures again on
 * resize and whenever `remeasure` changes (a banner above came or went); nothing while `active` is
 * false (the content is not there yet).
 */
export function useFillHeight({
  phone,
  minDesk,
  phoneTop = 137,
  active = true,
  remeasure,
}: {
  phone: boolean;
  minDesk: number;
  phoneTop?: number;
  active?: boolean;
  remeasure?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    if (phone) {
      if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'end' });
      return;
    }
    const measure = () => setTop(el.getBoundingClientRect().top + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [phone, active, remeasure]);
  const height = phone
    ? `calc(100dvh - ${phoneTop}px)`
    : top === null
      ? 'calc(100dvh - 160px)'
      : `max(${minDesk}px, calc(100dvh - ${Math.round(top)}px - 24px))`;
  return { ref, height };
}
