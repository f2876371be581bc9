// Stand-in card faces (replaced by the designed faces): the same functions, plain boxes.
import { h } from "./dom.js";

export function valeCard(id, info, size) {
  return h(`div.face.vface.f-${info.family}.size-${size}`, {}, h("b", {}, info.name), h("span", {}, ` ${info.cost}`), size !== "mini" ? h("div", {}, info.text) : null);
}
export function valeTile(id, info, size) {
  return h(`div.face.vtile.size-${size}`, {}, h("b", {}, info.name), size !== "mini" ? h("div", {}, info.text) : null);
}
export function stoneIcon(color, count, value) {
  return h(`span.stone.s-${color}`, {}, `${color[0].toUpperCase()}${count}`);
}
export function thalaraRemnant(color, strength, size) {
  return h(`div.face.tface.c-${color}.size-${size}`, {}, h("b", {}, String(strength)), h("span", {}, color));
}
export function thalaraArtifact(id, info, size) {
  return h(`div.face.tface.c-${info.color}.size-${size}`, {}, h("b", {}, String(info.strength)), h("span", {}, info.name), h("span", {}, "★".repeat(info.stars)));
}
export function thalaraSpell(id, info, size) {
  return h(`div.face.spell-face.size-${size}`, {}, h("b", {}, info.name), h("div", {}, info.text));
}
export function thalaraAftershock(size) { return h(`div.face.tface.size-${size}`, {}, "Aftershock"); }
export function cardBack(game) { return h(`div.face.back.${game}`, {}, ""); }
