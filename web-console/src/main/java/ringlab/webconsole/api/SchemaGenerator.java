package ringlab.webconsole.api;

import com.google.gson.FieldNamingStrategy;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.annotations.SerializedName;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * OpenAPI 3.0 schemas of the API's answer and request types, by reflection on the records, following the
 * rules Gson applies when {@link Json} writes them, so the schema and the answer cannot differ:
 * <ul>
 * <li>a record is an object schema under components/schemas, named after the record and the types it is
 *     nested in ({@code NodeStatus.Scenario}); its properties are its components, named by the Gson
 *     instance's own {@link FieldNamingStrategy} (or a {@link SerializedName}); static and transient fields
 *     are left out as Gson leaves them out. Primitive components are always written, so they are
 *     {@code required}; others are left out when null;</li>
 * <li>a List, Set or array is an array; a Map is an object whose values are {@code additionalProperties}
 *     (its keys are data: port names, feature ids, ...);</li>
 * <li>an enum is a string schema listing the names Gson writes ({@link SerializedName}, an adapter's spelling or the constant's name);</li>
 * <li>long and int are integers (int64, int32); double is a number that may be null (a NaN or infinite
 *     figure is written as null); String and char are strings; boolean is a boolean; a
 *     {@link JsonElement} is free-form JSON.</li>
 * </ul>
 * Anything else (a plain class, a type variable) is refused with an exception: answers are records.
 */
final class SchemaGenerator {
    private static final String REF = "#/components/schemas/";

    private final FieldNamingStrategy naming;
    private final Gson gson;
    private final Map<String, JsonObject> schemas = new TreeMap<>();
    private final Map<Class<?>, String> names = new HashMap<>();

    SchemaGenerator(Gson gson) {
        this.naming = gson.fieldNamingStrategy();
        this.gson = gson;
    }

    /** components/schemas: every record and enum met so far, by name. */
    JsonObject components() {
        JsonObject o = new JsonObject();
        schemas.forEach(o::add);
        return o;
    }

    /** The records and enums met so far, with their component names. */
    Map<Class<?>, String> types() { return Map.copyOf(names); }

    /** The schema of a value of type {@code t}: inline for simple types, a $ref for records and enums. */
    JsonObject schema(Type t) {
        if (t instanceof Class<?> c) return schema(c);
        if (t instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) return array(schema(args[0]));
            if (Map.class.isAssignableFrom(raw)) {
                if (args[0] != String.class) {
                    throw new IllegalArgumentException("map keys must be strings, not " + args[0] + " in " + t);
                }
                JsonObject o = type("object");
                o.add("additionalProperties", schema(args[1]));
                return o;
            }
        }
        if (t instanceof WildcardType w && w.getLowerBounds().length == 0) return schema(w.getUpperBounds()[0]);
        if (t instanceof GenericArrayType g) return array(schema(g.getGenericComponentType()));
        throw new IllegalArgumentException("no JSON schema for " + t + ": answers are records, lists, maps, enums and plain values");
    }

    /**
     * The schema of a request body: a record's properties as in {@link #schema}, but none required (a
     * request names only what it changes); other types as {@link #schema}.
     */
    JsonObject requestSchema(Type t) {
        if (!(t instanceof Class<?> c) || !c.isRecord()) return schema(t);
        JsonObject o = recordSchema(c);
        o.remove("required");
        return o;
    }

    private JsonObject schema(Class<?> c) {
        if (c == String.class || c == char.class || c == Character.class) return type("string");
        if (c == boolean.class || c == Boolean.class) return type("boolean");
        if (c == long.class || c == Long.class) return format("integer", "int64");
        if (c == int.class || c == Integer.class || c == short.class || c == Short.class || c == byte.class || c == Byte.class) {
            return format("integer", "int32");
        }
        if (c == BigInteger.class) return type("integer");
        if (c == double.class || c == Double.class) {
            JsonObject o = format("number", "double");
            o.addProperty("nullable", true); // ReportJson writes NaN and infinities as null
            return o;
        }
        if (c == float.class || c == Float.class) return format("number", "float");
        if (c == BigDecimal.class) return type("number");
        if (c == JsonObject.class) return type("object");
        if (JsonElement.class.isAssignableFrom(c)) return new JsonObject(); // any JSON
        if (c.isArray()) return array(schema(c.getComponentType()));
        if (c.isEnum() || c.isRecord()) {
            JsonObject ref = new JsonObject();
            ref.addProperty("$ref", REF + component(c));
            return ref;
        }
        throw new IllegalArgumentException("no JSON schema for " + c.getName() + ": answers are records, lists, maps, enums and plain values");
    }

    /** The component name of a record or enum, generating its schema the first time. */
    private String component(Class<?> c) {
        String known = names.get(c);
        if (known != null) return known;
        String name = c.getSimpleName();
        for (Class<?> outer = c.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) name = outer.getSimpleName() + "." + name;
        if (schemas.containsKey(name)) throw new IllegalStateException("two types have the schema name " + name + ": " + c.getName());
        names.put(c, name);
        schemas.put(name, new JsonObject()); // placeholder: a record may contain itself (CpuPercent.perCore)
        schemas.put(name, c.isEnum() ? enumSchema(c) : recordSchema(c));
        return name;
    }

    private JsonObject recordSchema(Class<?> c) {
        JsonObject properties = new JsonObject();
        JsonArray required = new JsonArray();
        for (RecordComponent rc : c.getRecordComponents()) {
            Field f;
            try {
                f = c.getDeclaredField(rc.getName());
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
            if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers())) continue; // Gson skips them
            String name = jsonName(f);
            properties.add(name, schema(rc.getGenericType()));
            if (rc.getType().isPrimitive()) required.add(name);
        }
        JsonObject o = type("object");
        o.add("properties", properties);
        if (!required.isEmpty()) o.add("required", required);
        return o;
    }

    private JsonObject enumSchema(Class<?> c) {
        JsonArray values = new JsonArray();
        // as Gson writes each constant: its @SerializedName, a registered adapter's spelling (the board enums) or its name
        for (Object constant : c.getEnumConstants()) values.add(gson.toJsonTree(constant));
        JsonObject o = type("string");
        o.add("enum", values);
        return o;
    }

    /** The key Gson writes for a field: its {@link SerializedName}, else the naming strategy's translation. */
    String jsonName(Field f) {
        SerializedName sn = f.getAnnotation(SerializedName.class);
        return sn != null ? sn.value() : naming.translateName(f);
    }

    private static JsonObject array(JsonObject items) {
        JsonObject o = type("array");
        o.add("items", items);
        return o;
    }

    private static JsonObject type(String type) {
        JsonObject o = new JsonObject();
        o.addProperty("type", type);
        return o;
    }

    private static JsonObject format(String type, String format) {
        JsonObject o = type(type);
        o.addProperty("format", format);
        return o;
    }
}
