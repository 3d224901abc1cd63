import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  type FocusEvent,
  type ReactNode,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { Island } from "../islands/island";
import type { CarouselEngineApi } from "./carousel-engine";
import "./carousel.css";

// Embla loads only when a carousel nears the viewport: until then the slides are a
// CSS scroll-snap row, already readable and swipeable.
const CarouselEngine = lazy(() => import("./carousel-engine"));

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** True once the element is within a screen's height of the viewport. */
function useNearViewport(element: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return [near, useCallback(() => setNear(true), [])];
}

export interface CarouselSlide {
  key: string;
  /** The slide as rendered into the page; in the browser, the HTML it was served with (`html`) instead. */
  content?: ReactNode;
  html?: string;
}

/** What the carousel's island is given again in the browser (its slides are read from its HTML). */
export interface CarouselIslandProps {
  /** Names its slides' element: unique in the page. */
  id: string;
  /** The carousel's accessible name. */
  label: string;
  /** The controls' words, in the page's language; `position` reads "{position} of {count}". */
  labels: CarouselLabels;
  className?: string;
}

interface CarouselProps extends CarouselIslandProps {
  slides: readonly CarouselSlide[];
}

export interface CarouselLabels {
  pause: string;
  play: string;
  previous: string;
  next: string;
  position: string;
  carousel: string;
  slide: string;
}

/**
 * A carousel after the WAI-ARIA pattern: a rotation control first, then previous and next,
 * then the slides, each a labelled group ("2 of 5"). It advances every 1500 ms, loops, and
 * stops while hovered or focused, when paused, and for visitors who prefer reduced motion.
 */
export function Carousel(props: CarouselProps) {
  const { id, label, labels, className } = props;
  return (
    <Island name="carousel" props={{ id, label, labels, className }}>
      <CarouselView {...props} />
    </Island>
  );
}

/** The carousel itself: what its island hydrates. */
export function CarouselView({ id, label, slides, labels, className }: CarouselProps) {
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const slidesId = `${id}-slides`;
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<"play" | "pause" | undefined>(undefined);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [engine, setEngine] = useState<CarouselEngineApi | null>(null);
  const [near, loadNow] = useNearViewport(rootRef);

  // Rotation is on unless the visitor paused it or asked for reduced motion, and it
  // halts while the pointer rests on the carousel or focus is inside it.
  const wantsRotation = choice ? choice === "play" : !reducedMotion;
  const rotating = wantsRotation && !hovered && !focused;

  // In the commit that renders it: the slides' live region says the rotation stopped only once it
  // has, so a rotation already due cannot fire between the two.
  useLayoutEffect(() => {
    engine?.setRotating(rotating);
  }, [engine, rotating]);

  const step = (direction: 1 | -1) => {
    if (engine) {
      engine.step(direction);
      return;
    }
    // Before the engine has loaded: move the scroll-snap row by one slide.
    const viewport = viewportRef.current;
    const slide = viewport?.querySelector<HTMLElement>(".carousel__slide");
    if (viewport && slide) viewport.scrollBy({ left: direction * slide.offsetWidth, behavior: "smooth" });
    loadNow();
  };

  const onFocus = (event: FocusEvent) => setFocused(event.target !== toggleRef.current);
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      ref={rootRef}
      className={className ? `carousel ${className}` : "carousel"}
      aria-roledescription={labels.carousel}
      aria-label={label}
      data-engine={engine ? "ready" : "static"}
      data-needs-script=""
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <button
          ref={toggleRef}
          type="button"
          className="carousel__button"
          aria-label={wantsRotation ? labels.pause : labels.play}
          onClick={() => {
            setChoice(wantsRotation ? "pause" : "play");
            loadNow();
          }}
        >
          {wantsRotation ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={slidesId}
          aria-label={labels.previous}
          onClick={() => step(-1)}
        >
          <ChevronLeft aria-hidden="true" size={22} />
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={slidesId}
          aria-label={labels.next}
          onClick={() => step(1)}
        >
          <ChevronRight aria-hidden="true" size={22} />
        </button>
      </div>
      {/* Until the engine loads the row scrolls natively: a keyboard reaches it as browsers now let
          it reach any scroller, and as axe asks of a page read as it loads. */}
      <div ref={viewportRef} className="carousel__viewport" tabIndex={engine ? undefined : 0}>
        <div id={slidesId} className="carousel__track" aria-live={rotating ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="carousel__slide"
              {...(slide.html === undefined ? {} : { dangerouslySetInnerHTML: { __html: slide.html } })}
              role="group"
              aria-roledescription={labels.slide}
              aria-label={labels.position
                .replace("{position}", String(index + 1))
                .replace("{count}", String(slides.length))}
            >
              {slide.html === undefined ? slide.content : undefined}
            </div>
          ))}
        </div>
      </div>
      {near && (
        <Suspense fallback={null}>
          <CarouselEngine viewportRef={viewportRef} onReady={setEngine} />
        </Suspense>
      )}
    </section>
  );
}
