import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, LinkButton } from '@innerecho/ui';
import { DialogClose } from '@innerecho/ui';
import type { TranscriptView } from '@innerecho/contracts';

export interface FullContentDialogProps {
  transcript: Pick<TranscriptView, 'id' | 'title' | 'category' | 'content' | 'playCount'> | null;
  onOpenChange: (open: boolean) => void;
}

/** Title, category, the whole text and its plays (only when above 0), with Close and Use This Affirmation. */
export function FullContentDialog({ transcript, onOpenChange }: FullContentDialogProps) {
  return (
    <Dialog open={transcript !== null} onOpenChange={onOpenChange}>
      {transcript ? (
        <DialogContent>
          <DialogTitle>{transcript.title}</DialogTitle>
          <DialogDescription css={{ marginTop: 8 }}>
            <Badge variant="accent">{transcript.category}</Badge>
          </DialogDescription>
          <p css={(t) => ({ marginTop: 16, whiteSpace: 'pre-wrap', lineHeight: 1.7, color: t.colors.text, fontSize: 16 })}>
            {transcript.content}
          </p>
          {transcript.playCount > 0 ? (
            <p css={(t) => ({ marginTop: 12, fontSize: 13, color: t.colors.textSubtle })}>Played {transcript.playCount} times</p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <LinkButton to={`/generate/${transcript.id}`}>Use This Affirmation</LinkButton>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
