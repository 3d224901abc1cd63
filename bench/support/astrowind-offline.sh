#!/usr/bin/env bash
# Makes a clean AstroWind checkout build without a network, for the comparison of the public pages
# with it (bench/web-islands.ts, issue 44, decision 045). Measured against AstroWind 1.0.0-beta.52,
# commit 2e8f6ec459bc7363928f6c3bb1f5ea0c929930c6 (9 August 2025), Astro 5.12, with its own
# node_modules installed (npm ci).
#
#   bash bench/support/astrowind-offline.sh <astrowind folder>
#   (cd <astrowind folder> && npm run build)      # then its dist/ is the other site
#
# The only change: every remote image under src/ (images.unsplash.com, plus.unsplash.com,
# cdn.pixabay.com: 57 addresses in 20 files) becomes a local file under
# src/assets/images/remote/, made from AstroWind's own src/assets/images/hero-image.png cropped
# to cover the same width as the address asks for (its `w=` or pixabay's `_1280`) at 3:2, the
# aspect of most of those photographs (the addresses do not say their heights, and this machine
# cannot ask). In .astro files and in a post's front matter the address becomes
# `~/assets/images/remote/<name>` (AstroWind's own way of naming a local image, resolved by
# src/utils/images.ts); in a post's Markdown body `![…](…)` it becomes a path relative to the
# post, as Astro's Markdown wants. Astro then optimises them as it does every local image
# (astro:assets, sharp, webp at the widths AstroWind asks for). Nothing else changes: the
# shields.io badge of the announcement bar is a CSS background the build never fetches, and stays.
set -euo pipefail
dir=$(cd "$1" && pwd)
cd "$dir"
mkdir -p src/assets/images/remote
node --input-type=module - <<'JS'
import { readFileSync, writeFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { createRequire } from "node:module";
const require = createRequire(join(process.cwd(), "package.json"));
const sharp = require("sharp");
const REMOTE = /https:\/\/(?:images\.unsplash\.com|plus\.unsplash\.com|cdn\.pixabay\.com)[^'"()\s]*/g;
const files = [];
const walk = (folder) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(astro|md|mdx|ts|yaml)$/.test(name)) files.push(path);
  }
};
walk("src");
const made = new Map();
async function local(url) {
  const { pathname, searchParams } = new URL(url);
  const png = pathname.endsWith(".png");
  const base = pathname.split("/").pop().replace(/\.(png|jpe?g)$/, "");
  const name = `${base}.${png ? "png" : "jpg"}`;
  if (!made.has(name)) {
    const width = Number(searchParams.get("w")) || Number(/_(\d+)$/.exec(base)?.[1]) || 1280;
    const height = Math.round((width * 2) / 3);
    const image = sharp("src/assets/images/hero-image.png").resize(width, height, { fit: "cover" });
    await (png ? image.png() : image.jpeg({ quality: 80 })).toFile(`src/assets/images/remote/${name}`);
    made.set(name, `${width}×${height}`);
  }
  return name;
}
for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (!text.match(REMOTE)) continue;
  const markdown = /\.mdx?$/.test(file);
  let out = "";
  for (const line of text.split("\n")) {
    let changed = line;
    for (const url of line.match(REMOTE) ?? []) {
      const name = await local(url);
      const inBody = markdown && !/^\s*image:/.test(line);
      const target = inBody
        ? relative(dirname(file), `src/assets/images/remote/${name}`)
        : `~/assets/images/remote/${name}`;
      changed = changed.replace(url, target);
    }
    out += (out ? "\n" : "") + changed;
  }
  writeFileSync(file, out);
  console.log(`changed ${file}`);
}
for (const [name, size] of made) console.log(`made src/assets/images/remote/${name} ${size}`);
JS
