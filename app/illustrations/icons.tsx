import {
  Activity,
  BadgeCheck,
  BeanOff,
  Blend,
  Bone,
  Citrus,
  Droplets,
  FlaskConical,
  FlaskConicalOff,
  Footprints,
  GlassWater,
  Layers,
  Leaf,
  Link2,
  type LucideIcon,
  MilkOff,
  MoveHorizontal,
  NutOff,
  Scale,
  Sparkles,
  Sun,
  WheatOff,
} from "lucide-react";
import type { IconName } from "../content/landing";

const icons: Record<IconName, LucideIcon> = {
  cartilage: Layers,
  joint: Footprints,
  tendon: Link2,
  flexibility: MoveHorizontal,
  tissue: Blend,
  bone: Bone,
  ageing: Sparkles,
  hydration: Droplets,
  complexion: Sun,
  licence: BadgeCheck,
  measured: Scale,
  pure: Leaf,
  taste: Citrus,
  additives: FlaskConicalOff,
  gluten: WheatOff,
  nut: NutOff,
  dairy: MilkOff,
  soy: BeanOff,
  ingredients: FlaskConical,
  directions: GlassWater,
  mechanism: Activity,
};

/** A decorative line icon for a benefit or a free-from mark; its text says the same in words. */
export function Icon({ name, size = 28, className }: { name: IconName; size?: number; className?: string }) {
  const Drawn = icons[name];
  return <Drawn aria-hidden="true" size={size} strokeWidth={1.75} className={className} />;
}
