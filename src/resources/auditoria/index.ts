// The audit log at /auditoria.
import { AuditoriaList } from './AuditoriaList';

export const auditoriaScreens = [AuditoriaList];
