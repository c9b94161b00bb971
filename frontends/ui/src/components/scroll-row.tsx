import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export interface ScrollRowProps {
  children: ReactNode;
  /** Names the buttons: 'Show more categories' / 'Show earlier categories'. */
  itemsLabel: string;
}

/**
 * A row that scrolls sideways when it is wider than the screen (category tabs on a phone), and
 * shows it: the cut edge fades, and a chevron button at that edge scrolls on. The buttons are
 * for pointers; keyboard users move through the row itself, which scrolls with the focus.
 */
export function ScrollRow({ children, itemsLabel }: ScrollRowProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft > 2;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 2;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  const fade = `${edges.start ? 'transparent 0, #000 40px' : '#000 0'}, ${edges.end ? '#000 calc(100% - 40px), transparent 100%' : '#000 100%'}`;
  return (
    <div css={{ position: 'relative', minWidth: 0 }}>
      <div
        ref={scroller}
        onScroll={measure}
        css={{
          overflowX: 'auto',
          paddingBottom: 4,
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          maskImage: `linear-gradient(90deg, ${fade})`,
          WebkitMaskImage: `linear-gradient(90deg, ${fade})`,
        }}
      >
        {children}
      </div>
      {edges.start ? <EdgeButton side="start" label={`Show earlier ${itemsLabel}`} onClick={() => scrollBy(-1)} /> : null}
      {edges.end ? <EdgeButton side="end" label={`Show more ${itemsLabel}`} onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}

function EdgeButton({ side, label, onClick }: { side: 'start' | 'end'; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={label}
      title={label}
      onClick={onClick}
      css={(t) => ({
        position: 'absolute',
        top: 2,
        [side === 'start' ? 'left' : 'right']: -4,
        width: 36,
        height: 36,
        display: 'grid',
        placeItems: 'center',
        borderRadius: '50%',
        border: `1px solid ${t.colors.borderStrong}`,
        background: t.colors.surfaceRaised,
        color: t.colors.text,
        boxShadow: t.colors.shadow,
        cursor: 'pointer',
      })}
    >
      {side === 'start' ? <ChevronLeft size={18} aria-hidden /> : <ChevronRight size={18} aria-hidden />}
    </button>
  );
}
