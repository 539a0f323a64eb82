import { createContext, useContext } from 'react';
import type { Controller } from './controller.ts';

/** The controller of the open dialog, provided by the configurator screen. */
export const ControllerContext = createContext<Controller | null>(null);

export function useController(): Controller {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error('useController outside the configurator');
  return controller;
}
