import { CarouselView, type CarouselIslandProps } from "../components/carousel";

/** A carousel, its slides taken from the HTML it was served with: the script carries none of their words. */
export function render(props: CarouselIslandProps, element: HTMLElement) {
  const slides = [...element.querySelectorAll(".carousel__slide")].map((slide, index) => ({
    key: String(index),
    html: slide.innerHTML,
  }));
  return <CarouselView {...props} slides={slides} />;
}
