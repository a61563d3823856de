import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@vialex/domain';
import { useLiveTopic } from '../../lib/live';
import { caseKeys } from '../../lib/case-keys';

/**
 * The open workspace follows its case: every write on a case (status, assignment, request, take,
 * history entry, policy look-up) announces it on the cases list topic with its id after commit;
 * this case's announcements read again what is shown of it (caseKeys).
 */
export function useFollowCase(id: string): void {
  const queryClient = useQueryClient();
  useLiveTopic(topics.list('casos'), (event) => {
    if (event.name === 'list.changed' && (!event.id || event.id === id))
      void queryClient.invalidateQueries({ queryKey: caseKeys.all(id) });
  });
}

/** The current time, again every `everyMs` (the header's "hace …" times). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
