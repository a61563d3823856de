/** The case chat rooms: composed into the workspace's chat tabs in app/. */
export { ChatRoom } from './chat-room';
export { ChatTabLabel } from './chat-tab-label';
export type { ChatRoomSource } from './chat-room';
