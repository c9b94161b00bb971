import { isCustomAffirmationRef } from '@innerecho/contracts';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { IconButton, VisuallyHidden, visuallyHidden } from '@innerecho/ui';
import type { SessionPick } from './affirmation-session-selection';

export interface AffirmationSessionOrderProps {
  picks: SessionPick[];
  onReorder: (next: SessionPick[]) => void;
  onRemove: (affirmationId: string) => void;
  disabled?: boolean;
}

const moved = (picks: SessionPick[], from: number, to: number) => {
  const next = [...picks];
  const [pick] = next.splice(from, 1);
  next.splice(to, 0, pick!);
  return next;
};

/**
 * The session's affirmations in the order they will be spoken. Reordered by dragging an item
 * onto another's place, or from the keyboard: Move up / Move down on each item, or Alt+Arrow
 * Up/Down anywhere in it. Every move is announced ("Calm moved to position 2 of 4"), and focus
 * stays on the button that moved the item.
 */
export function AffirmationSessionOrder({ picks, onReorder, onRemove, disabled }: AffirmationSessionOrderProps) {
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // After a keyboard move the item is drawn in its new place: focus follows it.
  const refocus = useRef<{ affirmationId: string; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = refocus.current;
    if (!target || !list.current) return;
    refocus.current = null;
    const item = list.current.querySelector<HTMLElement>(`[data-affirmation-id="${CSS.escape(target.affirmationId)}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`);
    (button ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  }, [picks]);

  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    if (to < 0 || to >= picks.length || from === to) return;
    const pick = picks[from]!;
    if (direction) refocus.current = { affirmationId: pick.affirmationId, direction };
    onReorder(moved(picks, from, to));
    setAnnouncement(`${pick.title} moved to position ${to + 1} of ${picks.length}`);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || disabled) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1, 'up');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1, 'down');
    }
  };

  const dragProps = (index: number) => ({
    draggable: !disabled,
    onDragStart: (event: DragEvent) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', picks[index]!.affirmationId);
    },
    onDragOver: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragging !== null) move(dragging, index);
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return (
    <div css={{ display: 'grid', gap: 8 }}>
      <p id="session-order-help" css={(t) => ({ margin: 0, fontSize: 14, color: t.colors.textMuted })}>
        Drag an affirmation to a new place, or use Move up and Move down (Alt+Arrow keys also move the focused affirmation).
      </p>
      <ol
        ref={list}
        aria-label="Affirmations in this session, in the order they are spoken"
        aria-describedby="session-order-help"
        css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
      >
        {picks.map((pick, index) => (
          <li
            key={pick.affirmationId}
            data-affirmation-id={pick.affirmationId}
            onKeyDown={onKeyDown(index)}
            {...dragProps(index)}
            css={(t) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '8px 8px 8px 6px',
              borderRadius: t.radii.md,
              border: `1px solid ${over === index && dragging !== index ? t.colors.primary : t.colors.border}`,
              background: dragging === index ? t.colors.surfaceSunken : t.colors.surfaceRaised,
              opacity: dragging === index ? 0.7 : 1,
              // On a phone the title takes the first row and the buttons the second, so neither is squeezed.
              '@media (max-width: 480px)': { flexWrap: 'wrap', '& > [data-role="title"]': { flexBasis: 'calc(100% - 70px)' } },
            })}
          >
            <PickLabel index={index} title={pick.title} affirmationId={pick.affirmationId} disabled={disabled} />
            <span css={{ display: 'flex', gap: 2, flex: 'none', marginInlineStart: 'auto' }}>
              <IconButton
                data-move="up"
                aria-label={`Move ${pick.title} up`}
                disabled={disabled || index === 0}
                onClick={() => move(index, index - 1, 'up')}
              >
                <ArrowUp size={18} aria-hidden />
              </IconButton>
              <IconButton
                data-move="down"
                aria-label={`Move ${pick.title} down`}
                disabled={disabled || index === picks.length - 1}
                onClick={() => move(index, index + 1, 'down')}
              >
                <ArrowDown size={18} aria-hidden />
              </IconButton>
              <IconButton
                aria-label={`Remove ${pick.title} from the session`}
                disabled={disabled}
                onClick={() => onRemove(pick.affirmationId)}
              >
                <X size={18} aria-hidden />
              </IconButton>
            </span>
          </li>
        ))}
      </ol>
      <div aria-live="polite" role="status" css={visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}

/** A pick's grip, its place in the order and its title (marked when it is the listener's own words). */
function PickLabel({ index, title, affirmationId, disabled }: { index: number; title: string; affirmationId: string; disabled?: boolean }) {
  return (
    <>
      <span
        aria-hidden
        css={(t) => ({ display: 'inline-flex', color: t.colors.textSubtle, cursor: disabled ? 'default' : 'grab', flex: 'none' })}
      >
        <GripVertical size={18} />
      </span>
      <span
        aria-hidden
        css={(t) => ({
          flex: 'none',
          width: 26,
          height: 26,
          borderRadius: 999,
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: 13,
          fontWeight: 600,
          background: t.colors.surfaceSunken,
          border: `1px solid ${t.colors.borderStrong}`,
          color: t.colors.text,
        })}
      >
        {index + 1}
      </span>
      <span data-role="title" css={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.35 }}>
        <VisuallyHidden>{`${index + 1}. `}</VisuallyHidden>
        {title}
        {isCustomAffirmationRef(affirmationId) ? (
          <span css={(t) => ({ color: t.colors.textMuted, fontSize: 13 })}> · your words</span>
        ) : null}
      </span>
    </>
  );
}
