import { MESSAGES } from 'shared-contracts';
import { Button, EmptyState } from 'shared-contracts/ui';

/**
 * In place of a list the API refused as beyond the list window (a page typed into the URL): the message
 * and a way back to page 1, announced politely (role=status: not an error, and no "Try again", which
 * would fail again). The kit's ListWindowRefused, drawn with the kit's EmptyState and Button.
 */
export function ListWindowRefusal({ onFirstPage, compact = false }: { onFirstPage: () => void; compact?: boolean }) {
  return (
    <div role="status">
      <EmptyState compact={compact} title={MESSAGES.listWindow} action={<Button onClick={onFirstPage}>Go to the first page</Button>} />
    </div>
  );
}
