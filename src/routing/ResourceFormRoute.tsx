// A resource's form at its singular spec path (/usuario/:id): 'new' creates, any other id edits.
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
