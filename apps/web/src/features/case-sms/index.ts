/** The SMS with the client's case link, composed by app/ (the workspace only: it brings the phone rules). */
export { CaseSmsPanel, type CaseSmsPanelProps } from './case-sms-panel';
