import { createContext, useContext } from 'react';

/**
 * The studio's phone number once the site settings have come (the app's settings provider
 * gives it), for the messages that offer it when something failed; undefined until then.
 */
export const StudioPhoneContext = createContext<string | undefined>(undefined);

export function useStudioPhone(): string | undefined {
  return useContext(StudioPhoneContext) || undefined;
}
