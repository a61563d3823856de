import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onPushMessage } from '../../lib/push';
import { showNoticeToast } from '../../lib/notice-toast';

/**
 * Push messages that arrive while the app is open stay on screen until dismissed (spec 1 §8).
 * One per type (spec 3 §9): a push's type is its title and link, so the same notice about the
 * same case replaces the one on screen (also when the live channel brought it first), while
 * notices about different cases stack (up to 20).
 */
export function usePushToasts(): void {
  const navigate = useNavigate();
  useEffect(() => onPushMessage((message) => showNoticeToast(message, navigate)), [navigate]);
}
