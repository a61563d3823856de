/** The driver's side: the entry page of the SMS link and their case's tabs, composed in app/. */
export { ClientCasePage, CLIENT_TABS, type ClientTab } from './client-case-page';
export { CLIENT_CASE_PATH } from './session';
export { CLIENT_API } from './api/client-api';
export { clientLive, useClientLive } from './client-live';
