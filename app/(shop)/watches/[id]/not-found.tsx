import { NotFoundPanel } from '@/components/layout/not-found-panel';

export default function WatchNotFound() {
  return <NotFoundPanel title="Watch Not Found" message="This timepiece is not in our catalogue." />;
}
