import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { type RefObject, useEffect, useRef, useState } from "react";
import { behaviour } from "../content/site";

/** What the carousel asks of its engine. */
export interface CarouselEngineApi {
  step: (direction: 1 | -1) => void;
  setRotating: (rotating: boolean) => void;
}

interface CarouselEngineProps {
  viewportRef: RefObject<HTMLDivElement | null>;
  onReady: (api: CarouselEngineApi | null) => void;
}

/**
 * Binds Embla to the carousel's prerendered viewport: looping, swipeable, auto-advancing
 * every `behaviour.carouselAutoplayMs`. The carousel decides when rotation runs; the
 * autoplay plugin only keeps time (and pauses while the tab is hidden).
 */
export default function CarouselEngine({ viewportRef, onReady }: CarouselEngineProps) {
  const [plugins] = useState(() => [
    Autoplay({
      delay: behaviour.carouselAutoplayMs,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);
  const [options] = useState({ loop: true, align: "start" as const });
  const [bindViewport, embla] = useEmblaCarousel(options, plugins);
  const rotatingRef = useRef(false);
  const startIndexRef = useRef(0);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    // Keep the slide a visitor may already have swiped to natively, then hand over to Embla.
    const slide = viewport.querySelector<HTMLElement>(".carousel__slide");
    startIndexRef.current = slide ? Math.round(viewport.scrollLeft / slide.offsetWidth) : 0;
    viewport.scrollLeft = 0;
    bindViewport(viewport);
  }, [viewportRef, bindViewport]);

  useEffect(() => {
    if (!embla) return;
    const autoplay = embla.plugins().autoplay;
    if (startIndexRef.current > 0) embla.scrollTo(startIndexRef.current, true);
    const resume = () => {
      if (rotatingRef.current) autoplay?.play();
    };
    // A touch swipe stops the timer; start it again once the finger lifts.
    embla.on("pointerUp", resume);
    onReady({
      step(direction) {
        if (direction > 0) embla.scrollNext();
        else embla.scrollPrev();
        autoplay?.reset();
      },
      setRotating(rotating) {
        rotatingRef.current = rotating;
        if (rotating) autoplay?.play();
        else autoplay?.stop();
      },
    });
    return () => {
      embla.off("pointerUp", resume);
      onReady(null);
    };
  }, [embla, onReady]);

  return null;
}
