import { RouterProvider } from 'react-router-dom';
import { UpdatePrompt } from '../components/update-prompt';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { router } from './router';

const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  );
}
