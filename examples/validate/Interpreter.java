import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;

/**
 * A tree-walking interpreter, single thread: 400 seeded programs in a tiny expression language (let,
 * recursive functions, closures, if, arithmetic, lists with range/map/filter/fold) are tokenised and
 * parsed by recursive descent into an AST of records under a sealed interface, then each is evaluated
 * 6 times with environments as chains of {@code HashMap<String, Value>} frames and every integer a fresh
 * boxed value; the 60 most recent parsed programs and their last results are kept. ~335 MB.
 */
public class Interpreter {
    sealed interface Expr permits Num, Var, Let, Fn, Call, If, Bin, ListLit {
    }

    record Num(long value) implements Expr {
    }

    record Var(String name) implements Expr {
    }

    record Let(String name, Expr value, Expr body) implements Expr {
    }

    record Fn(List<String> params, Expr body) implements Expr {
    }

    record Call(Expr callee, List<Expr> args) implements Expr {
    }

    record If(Expr cond, Expr then, Expr otherwise) implements Expr {
    }

    record Bin(char op, Expr left, Expr right) implements Expr {
    }

    record ListLit(List<Expr> items) implements Expr {
    }

    sealed interface Value permits IntVal, ListVal, Closure, Builtin {
    }

    record IntVal(long value) implements Value {
    }

    record ListVal(List<Value> items) implements Value {
    }

    record Closure(Fn fn, Env env) implements Value {
    }

    record Builtin(String name) implements Value {
    }

    static final class Env {
        final HashMap<String, Value> vars = new HashMap<>();
        final Env parent;

        Env(Env parent) {
            this.parent = parent;
        }

        Value lookup(String name) {
            for (Env e = this; e != null; e = e.parent) {
                Value v = e.vars.get(name);
                if (v != null) {
                    return v;
                }
            }
            throw new IllegalStateException("unbound " + name);
        }
    }

    static final class Parser {
        final List<String> tokens;
        int pos;

        Parser(String text) {
            tokens = tokenize(text);
        }

        static List<String> tokenize(String text) {
            List<String> out = new ArrayList<>();
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (Character.isLetterOrDigit(c)) {
                    int start = i;
                    while (i < text.length() && Character.isLetterOrDigit(text.charAt(i))) {
                        i++;
                    }
                    out.add(text.substring(start, i));
                } else if (c == '=' && i + 1 < text.length() && text.charAt(i + 1) == '=') {
                    out.add("==");
                    i += 2;
                } else {
                    out.add(String.valueOf(c));
                    i++;
                }
            }
            return out;
        }

        String peek() {
            return pos < tokens.size() ? tokens.get(pos) : "";
        }

        String next() {
            return tokens.get(pos++);
        }

        void expect(String token) {
            String t = next();
            if (!t.equals(token)) {
                throw new IllegalStateException("expected " + token + " at token " + pos + ", got " + t);
            }
        }

        Expr expr() {
            switch (peek()) {
                case "let": {
                    next();
                    String name = next();
                    expect("=");
                    Expr value = expr();
                    expect("in");
                    return new Let(name, value, expr());
                }
                case "fn": {
                    next();
                    expect("(");
                    List<String> params = new ArrayList<>();
                    while (!peek().equals(")")) {
                        params.add(next());
                        if (peek().equals(",")) {
                            next();
                        }
                    }
                    expect(")");
                    return new Fn(params, expr());
                }
                case "if": {
                    next();
                    Expr cond = expr();
                    expect("then");
                    Expr then = expr();
                    expect("else");
                    return new If(cond, then, expr());
                }
                default:
                    return comparison();
            }
        }

        Expr comparison() {
            Expr left = sum();
            if (peek().equals("<")) {
                next();
                return new Bin('<', left, sum());
            }
            if (peek().equals("==")) {
                next();
                return new Bin('=', left, sum());
            }
            return left;
        }

        Expr sum() {
            Expr left = product();
            while (peek().equals("+") || peek().equals("-")) {
                char op = next().charAt(0);
                left = new Bin(op, left, product());
            }
            return left;
        }

        Expr product() {
            Expr left = call();
            while (peek().equals("*") || peek().equals("%")) {
                char op = next().charAt(0);
                left = new Bin(op, left, call());
            }
            return left;
        }

        Expr call() {
            Expr callee = primary();
            while (peek().equals("(")) {
                next();
                callee = new Call(callee, arguments(")"));
            }
            return callee;
        }

        List<Expr> arguments(String close) {
            List<Expr> args = new ArrayList<>();
            while (!peek().equals(close)) {
                args.add(expr());
                if (peek().equals(",")) {
                    next();
                }
            }
            expect(close);
            return args;
        }

        Expr primary() {
            String t = next();
            if (t.equals("(")) {
                Expr e = expr();
                expect(")");
                return e;
            }
            if (t.equals("[")) {
                return new ListLit(arguments("]"));
            }
            if (Character.isDigit(t.charAt(0))) {
                return new Num(Long.parseLong(t));
            }
            return new Var(t);
        }
    }

    static Value eval(Expr expr, Env env) {
        if (expr instanceof Num n) {
            return new IntVal(n.value());
        } else if (expr instanceof Var v) {
            return env.lookup(v.name());
        } else if (expr instanceof Let let) {
            Env inner = new Env(env);
            inner.vars.put(let.name(), eval(let.value(), inner));
            return eval(let.body(), inner);
        } else if (expr instanceof Fn fn) {
            return new Closure(fn, env);
        } else if (expr instanceof If f) {
            return asLong(eval(f.cond(), env)) != 0 ? eval(f.then(), env) : eval(f.otherwise(), env);
        } else if (expr instanceof Bin b) {
            long l = asLong(eval(b.left(), env));
            long r = asLong(eval(b.right(), env));
            switch (b.op()) {
                case '+': return new IntVal(l + r);
                case '-': return new IntVal(l - r);
                case '*': return new IntVal(l * r);
                case '%': return new IntVal(r == 0 ? 0 : l % r);
                case '<': return new IntVal(l < r ? 1 : 0);
                default: return new IntVal(l == r ? 1 : 0);
            }
        } else if (expr instanceof ListLit list) {
            List<Value> items = new ArrayList<>(list.items().size());
            for (Expr item : list.items()) {
                items.add(eval(item, env));
            }
            return new ListVal(items);
        } else if (expr instanceof Call call) {
            Value callee = eval(call.callee(), env);
            List<Value> args = new ArrayList<>(call.args().size());
            for (Expr arg : call.args()) {
                args.add(eval(arg, env));
            }
            return apply(callee, args);
        }
        throw new IllegalStateException("unknown node " + expr);
    }

    static Value apply(Value callee, List<Value> args) {
        if (callee instanceof Closure c) {
            Env frame = new Env(c.env());
            List<String> params = c.fn().params();
            for (int i = 0; i < params.size(); i++) {
                frame.vars.put(params.get(i), args.get(i));
            }
            return eval(c.fn().body(), frame);
        }
        if (callee instanceof Builtin b) {
            return builtin(b.name(), args);
        }
        throw new IllegalStateException("not a function: " + callee);
    }

    static Value builtin(String name, List<Value> args) {
        switch (name) {
            case "range": {
                long from = asLong(args.get(0));
                long to = asLong(args.get(1));
                List<Value> items = new ArrayList<>();
                for (long i = from; i < to; i++) {
                    items.add(new IntVal(i));
                }
                return new ListVal(items);
            }
            case "map": {
                List<Value> items = new ArrayList<>();
                for (Value v : ((ListVal) args.get(1)).items()) {
                    items.add(apply(args.get(0), List.of(v)));
                }
                return new ListVal(items);
            }
            case "filter": {
                List<Value> items = new ArrayList<>();
                for (Value v : ((ListVal) args.get(1)).items()) {
                    if (asLong(apply(args.get(0), List.of(v))) != 0) {
                        items.add(v);
                    }
                }
                return new ListVal(items);
            }
            case "fold": {
                Value acc = args.get(1);
                for (Value v : ((ListVal) args.get(2)).items()) {
                    acc = apply(args.get(0), List.of(acc, v));
                }
                return acc;
            }
            default:
                return new IntVal(((ListVal) args.get(0)).items().size());
        }
    }

    static long asLong(Value v) {
        if (v instanceof IntVal i) {
            return i.value();
        }
        if (v instanceof ListVal l) {
            return l.items().size();
        }
        return 1;
    }

    static String program(Random random) {
        int k = random.nextInt(5);
        int a = 1 + random.nextInt(9);
        int b = 2 + random.nextInt(7);
        int n = 40 + random.nextInt(120);
        switch (k) {
            case 0:
                return "let fib = fn(n) if n < 2 then n else fib(n - 1) + fib(n - 2) in fib(" + (10 + random.nextInt(6)) + ")";
            case 1:
                return "let sq = fn(x) x * x + " + a + " in fold(fn(acc, x) acc + x, 0, map(sq, range(0, " + n + ")))";
            case 2:
                return "let xs = filter(fn(x) x % " + b + " == 0, range(0, " + (n * 2) + ")) in "
                        + "let add = fn(k) fn(x) x + k in len(map(add(" + a + "), xs)) + fold(fn(m, x) if m < x then x else m, 0, xs)";
            case 3:
                return "let loop = fn(i, acc) if i == 0 then acc else loop(i - 1, acc + i * " + a + " % " + b + ") in loop(" + n + ", 0)";
            default:
                return "let compose = fn(f, g) fn(x) f(g(x)) in let inc = fn(x) x + " + a + " in "
                        + "let dbl = fn(x) x * " + b + " in fold(fn(acc, x) acc + x, 0, map(compose(inc, dbl), [" + a + ", " + b + ", " + n + ", " + (a * b) + "]))";
        }
    }

    record Kept(Expr ast, Value result) {
    }

    public static void main(String[] args) {
        Random random = new Random(4711);
        Env globals = new Env(null);
        for (String name : List.of("range", "map", "filter", "fold", "len")) {
            globals.vars.put(name, new Builtin(name));
        }
        ArrayDeque<Kept> kept = new ArrayDeque<>();
        long check = 0;
        for (int p = 0; p < 400; p++) {
            Expr ast = new Parser(program(random)).expr();
            Value last = null;
            for (int i = 0; i < 6; i++) {
                last = eval(ast, globals);
                check += asLong(last);
            }
            kept.addLast(new Kept(ast, last));
            if (kept.size() > 60) {
                kept.removeFirst();
            }
        }
        System.err.println("Interpreter: check " + check + ", kept " + kept.size());
    }
}
