// sanitize-html requires postcss at load time, but uses it only to filter `style` attributes.
// We allow no style attributes and set parseStyleAttributes: false, so postcss is never called;
// the bundle gets this stub instead of postcss and source-map-js (about 90 KB minified).
module.exports = {
  parse() {
    throw new Error('postcss is not bundled: style attributes are never parsed (parseStyleAttributes: false).');
  },
};
