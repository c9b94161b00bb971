import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * The design system's Radix-based parts (dialogs, the sheet, select, slider, toasts), loaded
 * when a page first draws one rather than with the design system itself: the design system is
 * a shared module, so everything it exports statically is in every first visit, used or not.
 * Until the code arrives (a few milliseconds, same origin) a part draws `fallback`: nothing,
 * or for a trigger its own button, so the page does not shift.
 */
export function onFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  // Typed loosely here only: the props are the loaded part's own, as `P` says to callers.
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<Record<string, unknown>>;
  function OnFirstUse(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...(props as Record<string, unknown>)} />
      </Suspense>
    );
  }
  return OnFirstUse;
}

/** A trigger's fallback: the button it wraps, drawn at once. */
export const childrenOf = (props: { children?: ReactNode }) => props.children ?? null;
