/** The request to export a case's files to the back office's SFTP, composed by app/. */
export { ExportCaseButton, type ExportCaseButtonProps } from './export-case-button';
export { useExportRequest, type ExportTarget } from './use-export-request';
