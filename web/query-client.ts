import { QueryClient } from '@tanstack/react-query';

/** One query cache for the app; cleared when the author session ends. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
