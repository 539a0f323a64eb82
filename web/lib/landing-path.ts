import { type Role, roleAllows } from '../../contract/roles.ts';

/** Where an invitee lands: the first module their role allows (a member without 'configure' would get 403). */
export function landingPath(role: Role, surveyId: string): string {
  const id = encodeURIComponent(surveyId);
  if (roleAllows(role, 'configure')) return `/configurator/${id}`;
  if (roleAllows(role, 'train')) return `/intrance/${id}`;
  if (roleAllows(role, 'analyse')) return `/analyse/${id}`;
  return '/dashboard';
}
