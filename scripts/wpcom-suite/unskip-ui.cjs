// `--unskip`: mocha's BDD interface, but with `describe.skip`/`xdescribe` and `it.skip`/`xit` taken
// as `describe` and `it`, to see what the tests the suite skips would do (the files stay unchanged).
'use strict';

const Mocha = require('mocha');

module.exports = function unskip(suite) {
  Mocha.interfaces.bdd(suite);
  suite.on(Mocha.Suite.constants.EVENT_FILE_PRE_REQUIRE, (context) => {
    context.describe.skip = context.xdescribe = context.xcontext = context.describe;
    context.it.skip = context.xit = context.xspecify = context.it;
  });
};
