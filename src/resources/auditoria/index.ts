// The audit log at /auditoria (list only); App spreads this into <Resource name="auditoria">.
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { guarded } from '../../routing/guarded';
import { AuditoriaList } from './AuditoriaList';
import { eventName, type AuditRow } from './auditoriaModel';

export const auditoria = {
  list: guarded('/auditoria', AuditoriaList),
  icon: FactCheckIcon,
  recordRepresentation: (record: AuditRow) => `${record.us} · ${eventName(record.ev)}`,
  options: { label: 'resources.auditoria.name' },
};
