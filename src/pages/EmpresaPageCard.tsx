// A page that works on one company's bots: the system admin's 'Empresa' select above the content,
// and only the select until a company is picked.
import type { ReactNode } from 'react';
import { EmpresaPicker } from '../layout/EmpresaPicker';
import { PageCard } from './PageCard';

export interface EmpresaPageCardProps {
  title: string;
  idE: string | null;
  /** The page's content, for the company picked. */
  children: (idE: string) => ReactNode;
}

export function EmpresaPageCard({ title, idE, children }: EmpresaPageCardProps) {
  return (
    <PageCard title={title}>
      <EmpresaPicker prompt="quipu.empresaPicker.verBots" />
      {idE ? children(idE) : null}
    </PageCard>
  );
}
