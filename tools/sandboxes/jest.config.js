module.exports = require('../../jest.base.js').unit;
