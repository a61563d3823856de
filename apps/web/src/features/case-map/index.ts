/** The case map: composed into the workspace's mapa tab in app/. Its map loads lazily. */
export { CaseMapTab } from './case-map-tab';
export { mapKey, type MapSource } from './api/map-api';
