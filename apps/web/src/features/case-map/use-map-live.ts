import { useEffect, useRef, useState } from 'react';
import { topics as liveTopics } from '@vialex/domain';
import { useLiveTopic } from '../../lib/live';
import { useMapSource } from './api/map-api';
import { refreshDelay, type LivePosition } from './model';

/**
 * While the map is open: its people's location topics (the server lists them in `topics`), whose
 * 'location.changed' events move the markers at once (no polling). A move also asks for the map
 * again, for new arrival times, but at most every ARRIVAL_TIMES_MIN_INTERVAL_MS since the last
 * read (one pending timer, never one read per 4-second position). A write on this case (the
 * arrival, an assignment) announced on the cases list reads the map again at once.
 */
export function useMapLive(
  caseId: string,
  mapTopics: readonly string[] | undefined,
  readAt: number,
  refetch: () => void,
): Record<string, LivePosition> {
  const [heard, setHeard] = useState<Record<string, LivePosition>>({});
  const lastRead = useRef(readAt);
  const reread = useRef(refetch);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    lastRead.current = readAt;
    reread.current = refetch;
  });

  const key = mapTopics?.join('\n') ?? '';
  const { live } = useMapSource();
  useEffect(() => {
    if (!key) return;
    const schedule = () => {
      if (timer.current) return;
      timer.current = setTimeout(
        () => {
          timer.current = null;
          reread.current();
        },
        refreshDelay(lastRead.current, Date.now()),
      );
    };
    const offs = key.split('\n').flatMap((topic) => [
      live.subscribe(topic),
      live.on(topic, (event) => {
        if (event.name !== 'location.changed') return;
        const position = { lat: event.lat, lng: event.lng, at: event.at, gps: event.gps, heardAt: Date.now() };
        setHeard((h) => ({ ...h, [event.id]: position }));
        schedule();
      }),
    ]);
    return () => offs.forEach((off) => off());
  }, [key, live]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  useLiveTopic(liveTopics.list('casos'), (event) => {
    if (event.name === 'list.changed' && event.id === caseId) reread.current();
  });

  return heard;
}
