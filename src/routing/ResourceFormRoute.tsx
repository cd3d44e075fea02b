// A resource's form at its singular path (/usuario/:id): 'new' creates, any other id edits;
// and a list whose path is not the resource's name (/bot for bots).
import type { ComponentType } from 'react';
import { ResourceContextProvider, useParams } from 'react-admin';

interface ResourceFormRouteProps {
  name: string;
  create?: ComponentType;
  edit?: ComponentType;
}

export function ResourceFormRoute({ name, create: Create, edit: Edit }: ResourceFormRouteProps) {
  const { id } = useParams();
  const Form = id === 'new' ? Create : Edit;
  return Form ? (
    <ResourceContextProvider value={name}>
      <Form key={id} />
    </ResourceContextProvider>
  ) : null;
}

export function ResourceListRoute({ name, list: List }: { name: string; list?: ComponentType }) {
  return List ? (
    <ResourceContextProvider value={name}>
      <List />
    </ResourceContextProvider>
  ) : null;
}
