// The skill editor's tabs: Skill, Acciones (once the skill has an id), Requerimientos and
// Memoria. A tab once opened stays mounted, hidden while another is shown, so nothing typed in it
// is lost; switching tab with unsaved changes in the Skill form says 'Existen cambios pendientes de
// guardar'.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { TabPanel } from '../../layout/TabPanel';
import { SkillAccionesTab } from './actions/SkillAccionesTab';
import { SkillRequerimientosTab } from './requerimientos/SkillRequerimientosTab';
import { SkillForm } from './SkillForm';

type TabName = 'skill' | 'acciones' | 'requerimientos' | 'memoria';

// The row of tabs scrolls rather than widen the page (no sideways scroll at 390 px).
const tabsSx = { px: { xs: 1, sm: 2 }, contain: 'inline-size' } as const;

interface SkillTabsProps {
  skillId: string;
  idBot: string;
  canEdit: boolean;
}

export function SkillTabs({ skillId, idBot, canEdit }: SkillTabsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [current, setCurrent] = useState<TabName>('skill');
  const [opened, setOpened] = useState<ReadonlySet<TabName>>(() => new Set(['skill']));
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  // Acciones only for a skill with an id; this editor always opens a saved one.
  const tabs: TabName[] = skillId ? ['skill', 'acciones', 'requerimientos', 'memoria'] : ['skill', 'requerimientos', 'memoria'];
  const change = (next: TabName) => {
    if (next !== current && dirty.current) notify('quipu.skills.cambiosPendientes', { type: 'warning' });
    setCurrent(next);
    setOpened((before) => (before.has(next) ? before : new Set([...before, next])));
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={current} onChange={(_event, next: TabName) => change(next)} variant="scrollable" allowScrollButtonsMobile aria-label={translate('quipu.skills.pestanas')} sx={tabsSx}>
        {tabs.map((name) => (
          <Tab key={name} value={name} id={`skill-tab-${name}-boton`} aria-controls={`skill-tab-${name}`} label={translate(`quipu.skills.tab.${name}`)} />
        ))}
      </Tabs>
      {/* Every tab has its panel; a panel's content mounts when the tab is first opened. */}
      <TabPanel idPrefix="skill-tab" name="skill" current={current}>
        <SkillForm skillId={skillId} idBot={idBot} canEdit={canEdit} onDirtyChange={onDirtyChange} />
      </TabPanel>
      {tabs.includes('acciones') ? (
        <TabPanel idPrefix="skill-tab" name="acciones" current={current}>
          {opened.has('acciones') ? <SkillAccionesTab skillId={skillId} idBot={idBot} canEdit={canEdit} /> : null}
        </TabPanel>
      ) : null}
      <TabPanel idPrefix="skill-tab" name="requerimientos" current={current}>
        {opened.has('requerimientos') ? <SkillRequerimientosTab skillId={skillId} idBot={idBot} tp={0} canEdit={canEdit} /> : null}
      </TabPanel>
      <TabPanel idPrefix="skill-tab" name="memoria" current={current}>
        {opened.has('memoria') ? <SkillRequerimientosTab skillId={skillId} idBot={idBot} tp={1} canEdit={canEdit} /> : null}
      </TabPanel>
    </Box>
  );
}
