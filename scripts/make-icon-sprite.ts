// Writes app/components/icons.svg, the app's one icon sprite, from the lucide-react icons named in
// app/lib/icon-names.ts. Run after adding an icon there: npx tsx scripts/make-icon-sprite.ts
import fs from "node:fs";
import path from "node:path";
import { iconSprite } from "./lib/icon-sprite";

fs.writeFileSync(path.resolve(import.meta.dirname, "..", "app", "components", "icons.svg"), iconSprite());
