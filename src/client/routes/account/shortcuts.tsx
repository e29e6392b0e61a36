import { Page } from '../../components/page';

export function ShortcutsPage() {
  return <Page title="Shortcuts" />;
}
